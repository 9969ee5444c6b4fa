workspace "SaaS platform on AWS" "Users to storage on AWS: DNS, CDN, WAF, load balancer, VMs, sign-in, database, cache, search, events, email, warehouse." {
    model {
        n_browser = person "browser" "Web browser" "client"
        n_mobile = person "mobile" "Mobile app" "client"
        system = softwareSystem "SaaS platform on AWS" {
            n_dns = container "dns" "dns" "Amazon Route 53" "dns,aws"
            n_cdn = container "cdn" "cdn" "Amazon CloudFront" "cdn,aws"
            n_waf = container "waf" "waf" "AWS WAF" "waf,aws"
            n_alb = container "alb" "alb" "Application Load Balancer" "load-balancer,aws"
            n_web = container "web" "web" "Amazon EC2 Auto Scaling group" "compute-instance,aws"
            n_sign_in = container "sign-in" "sign-in" "Amazon Cognito user pools" "identity,aws"
            n_orders_db = container "orders-db" "orders-db" "Amazon RDS for PostgreSQL" "relational-database,aws,Datastore"
            n_sessions = container "sessions" "sessions" "Amazon ElastiCache for Valkey" "cache,aws,Datastore"
            n_catalog_search = container "catalog-search" "catalog-search" "Amazon OpenSearch Service" "search,aws,Datastore"
            n_order_events = container "order-events" "order-events" "Amazon SNS" "event-bus,aws,Pipe"
            n_email_queue = container "email-queue" "email-queue" "Amazon SQS (standard queue)" "queue,aws,Pipe"
            n_send_email = container "send-email" "send-email" "AWS Lambda" "function,aws"
            n_mailer = container "mailer" "mailer" "Amazon SES" "notification,aws,Pipe"
            n_nightly_load = container "nightly-load" "nightly-load" "AWS Step Functions (Standard)" "workflow,aws"
            n_warehouse = container "warehouse" "warehouse" "Amazon Redshift" "data-warehouse,aws,Datastore"
            n_images = container "images" "images" "Amazon ECR" "container-registry,aws"
            n_assets = container "assets" "assets" "Amazon S3" "object-storage,aws,Datastore"
        }
        n_browser -> n_dns "lookup" "" "request"
        n_mobile -> n_dns "lookup" "" "request"
        n_browser -> n_cdn "HTTPS" "" "request"
        n_mobile -> n_waf "HTTPS" "" "request"
        n_browser -> n_sign_in "" "" "request"
        n_mobile -> n_sign_in "" "" "request"
        n_cdn -> n_assets "" "" "data"
        n_cdn -> n_waf "" "" "request"
        n_waf -> n_alb "" "" "request"
        n_alb -> n_web "" "" "request"
        n_web -> n_orders_db "" "" "data"
        n_web -> n_sessions "" "" "data"
        n_web -> n_catalog_search "" "" "data"
        n_web -> n_order_events "" "" "event"
        n_order_events -> n_email_queue "" "" "event"
        n_email_queue -> n_send_email "" "" "event"
        n_send_email -> n_mailer "" "" "request"
        n_nightly_load -> n_orders_db "" "" "data"
        n_nightly_load -> n_warehouse "" "" "data"
        deploymentEnvironment "Design" {
            g_users = deploymentNode "Users" "" "internet" {
            }
            g_eu = deploymentNode "Europe (Ireland)" "" "region" {
                containerInstance n_waf
                containerInstance n_alb
                containerInstance n_web
                containerInstance n_sign_in
                containerInstance n_orders_db
                containerInstance n_sessions
                containerInstance n_catalog_search
                containerInstance n_order_events
                containerInstance n_email_queue
                containerInstance n_send_email
                containerInstance n_mailer
                containerInstance n_nightly_load
                containerInstance n_warehouse
                containerInstance n_images
                containerInstance n_assets
            }
            deploymentNode "Outside any boundary" {
                containerInstance n_dns
                containerInstance n_cdn
            }
        }
    }
    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
