workspace "Online shop on Alibaba Cloud" "Users to storage on Alibaba Cloud: DNS, WAF, ALB, ECS, IDaaS, RDS, Tair, Elasticsearch, EventBridge, DirectMail, MaxCompute." {
    model {
        n_browser = person "browser" "Web browser" "client"
        n_app = person "app" "Mobile app" "client"
        system = softwareSystem "Online shop on Alibaba Cloud" {
            n_dns = container "dns" "dns" "Alibaba Cloud DNS" "dns,alibabacloud"
            n_waf = container "waf" "waf" "Alibaba Cloud WAF" "waf,alibabacloud"
            n_alb = container "alb" "alb" "Application Load Balancer (ALB)" "load-balancer,alibabacloud"
            n_shop = container "shop" "shop" "Elastic Compute Service (ECS)" "compute-instance,alibabacloud"
            n_sign_in = container "sign-in" "sign-in" "Alibaba Cloud IDaaS" "identity,alibabacloud"
            n_orders_db = container "orders-db" "orders-db" "ApsaraDB RDS for MySQL" "relational-database,alibabacloud,Datastore"
            n_carts = container "carts" "carts" "Tair (Redis OSS-compatible)" "cache,alibabacloud,Datastore"
            n_product_search = container "product-search" "product-search" "Alibaba Cloud Elasticsearch" "search,alibabacloud,Datastore"
            n_images = container "images" "images" "Alibaba Cloud Object Storage Service (OSS)" "object-storage,alibabacloud,Datastore"
            n_order_events = container "order-events" "order-events" "EventBridge (Alibaba Cloud)" "event-bus,alibabacloud,Pipe"
            n_notify = container "notify" "notify" "Function Compute" "function,alibabacloud"
            n_mailer = container "mailer" "mailer" "Direct Mail" "notification,alibabacloud,Pipe"
            n_nightly_load = container "nightly-load" "nightly-load" "CloudFlow" "workflow,alibabacloud"
            n_warehouse = container "warehouse" "warehouse" "MaxCompute" "data-warehouse,alibabacloud,Datastore"
            n_secrets = container "secrets" "secrets" "Alibaba Cloud KMS Secrets Manager" "secrets,alibabacloud"
            n_logs = container "logs" "logs" "Simple Log Service (SLS)" "observability,alibabacloud"
        }
        n_browser -> n_dns "lookup" "" "request"
        n_app -> n_dns "lookup" "" "request"
        n_browser -> n_sign_in "" "" "request"
        n_app -> n_sign_in "" "" "request"
        n_browser -> n_waf "HTTPS" "" "request"
        n_app -> n_waf "HTTPS" "" "request"
        n_waf -> n_alb "" "" "request"
        n_alb -> n_shop "" "" "request"
        n_shop -> n_orders_db "" "" "data"
        n_shop -> n_carts "" "" "data"
        n_shop -> n_product_search "" "" "data"
        n_shop -> n_images "" "" "data"
        n_shop -> n_secrets "" "" "request"
        n_shop -> n_logs "" "" "request"
        n_shop -> n_order_events "" "" "event"
        n_order_events -> n_notify "" "" "event"
        n_notify -> n_mailer "" "" "request"
        n_nightly_load -> n_orders_db "" "" "data"
        n_nightly_load -> n_warehouse "" "" "data"
        deploymentEnvironment "Design" {
            g_shoppers = deploymentNode "Shoppers" "" "internet" {
            }
            g_hz = deploymentNode "China (Hangzhou)" "" "region" {
                containerInstance n_alb
                containerInstance n_shop
                containerInstance n_orders_db
                containerInstance n_carts
                containerInstance n_product_search
                containerInstance n_images
                containerInstance n_order_events
                containerInstance n_notify
                containerInstance n_nightly_load
                containerInstance n_warehouse
                containerInstance n_secrets
                containerInstance n_logs
            }
            deploymentNode "Outside any boundary" {
                containerInstance n_dns
                containerInstance n_waf
                containerInstance n_sign_in
                containerInstance n_mailer
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
