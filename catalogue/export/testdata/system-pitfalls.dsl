workspace "System pitfalls" "One documented trap per node or connection, across the kinds of a whole system." {
    model {
        n_app = person "app" "Mobile app" "client"
        system = softwareSystem "System pitfalls" {
            n_app_db = container "app-db" "app-db" "PostgreSQL" "relational-database,Datastore"
            n_failover_names = container "failover-names" "failover-names" "Amazon Route 53" "dns,aws"
            n_cached_names = container "cached-names" "cached-names" "Cloud DNS" "dns,gcp"
            n_edge_waf = container "edge-waf" "edge-waf" "Azure WAF on Application Gateway" "waf,azure"
            n_one_vm = container "one-vm" "one-vm" "Amazon EC2" "compute-instance,aws"
            n_no_replicas = container "no-replicas" "no-replicas" "OpenSearch (self-run)" "search,Datastore"
            n_one_node = container "one-node" "one-node" "Elasticsearch (self-managed)" "search,Datastore"
            n_sign_in = container "sign-in" "sign-in" "Auth0" "identity"
            n_mailer = container "mailer" "mailer" "Postfix" "notification,Pipe"
            n_checkout_flow = container "checkout-flow" "checkout-flow" "AWS Step Functions (Express)" "workflow,aws"
            n_charge = container "charge" "charge" "AWS Lambda" "function,aws"
            n_images = container "images" "images" "Harbor" "container-registry"
        }
        n_app -> n_app_db "" "" "request"
        n_checkout_flow -> n_charge "" "" "request"
        deploymentEnvironment "Design" {
            g_users = deploymentNode "Users" "" "internet" {
            }
            deploymentNode "Outside any boundary" {
                containerInstance n_app_db
                containerInstance n_failover_names
                containerInstance n_cached_names
                containerInstance n_edge_waf
                containerInstance n_one_vm
                containerInstance n_no_replicas
                containerInstance n_one_node
                containerInstance n_sign_in
                containerInstance n_mailer
                containerInstance n_checkout_flow
                containerInstance n_charge
                containerInstance n_images
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
